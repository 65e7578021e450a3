/** Web texts of the profile's devices section (ui.devices.*). Same keys in en, kr and vi. */
export const devicesUi = {
  heading: 'Signed-in devices',
  intro:
    'Every browser where your account is signed in. If you do not recognise one, sign it out and change your password.',
  loading: 'Loading your devices…',
  error: 'Your devices could not be loaded.',
  empty: 'No other device is signed in.',
  thisDevice: 'This device',
  device: '{{browser}} on {{os}}',
  unknownBrowser: 'Unknown browser',
  unknownOs: 'unknown system',
  address: 'Address {{ip}}',
  unknownAddress: 'Address unknown',
  lastUsed: 'Last used {{time}}',
  signOut: 'Sign out',
  signOutLabel: 'Sign out {{device}}',
  signOutOthers: 'Sign out all other devices',
  signOutOthersConfirm:
    'Sign out every other device? They will need your password again; this device stays signed in.',
  signedOut: 'The device was signed out.',
  signedOutOthers_one: '{{count}} device was signed out.',
  signedOutOthers_other: '{{count}} devices were signed out.',
};
