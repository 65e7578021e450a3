/**
 * Contact fields of a profile (spec §6): shown to the member and to admins of a shared project only.
 */
export function canSeeContact(input: { isSelf: boolean; viewerAdminsSharedProject: boolean }): boolean {
  return input.isSelf || input.viewerAdminsSharedProject;
}
