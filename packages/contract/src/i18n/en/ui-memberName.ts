/**
 * How a person is named wherever the app shows one (ui.memberName.*), loaded with the shell: a
 * withdrawn account (contract `isFormerMember`) and a record whose member left the project.
 */
export const memberNameUi = {
  memberName: {
    former: 'Former member',
  },
};
