/** The only two channels between the preload and main. */
export const INVOKE_CHANNEL = 'while-studio:invoke';
export const EVENT_CHANNEL = 'while-studio:event';

/** The renderer is served from this custom scheme, never from file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'while-studio';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
