/**
 * Contact fields of a profile (docs/product/projects-and-membership.md#profile-visibility): shown to the member and to admins of a shared project only.
 */
export function canSeeContact(input: { isSelf: boolean; viewerAdminsSharedProject: boolean }): boolean {
  return input.isSelf || input.viewerAdminsSharedProject;
}
