/** A language picked while logged out (login page switcher); the profile's lang wins once signed in. */
export const VISITOR_LANGUAGE_KEY = 'teamline.visitorLang';
