export interface Preferences {
  darkMode: boolean;
  wideScreen: boolean;
  discreteMode: boolean;
}

export function defaultPreferences(): Preferences {
  return { darkMode: true, wideScreen: false, discreteMode: false };
}
