/** The software version shown in the user menu and used to version the stored session key. */
export const APP_VERSION = '2.0.1';
export const SESSION_STORAGE_KEY = `mirante-session-${APP_VERSION}`;
export const SELECTED_PROJECT_STORAGE_KEY = `mirante-project-${APP_VERSION}`;
export const INACTIVE_NOTICE_STORAGE_KEY = `mirante-inactive-notice-${APP_VERSION}`;
