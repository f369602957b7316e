import { create } from 'zustand';

/** The browser's install prompt event (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  offlineReady: boolean;
  updateAvailable: boolean;
  installPrompt: InstallPromptEvent | null;
  activateUpdate: (() => void) | null;
}

export const usePwa = create<PwaState>()(() => ({
  offlineReady: false,
  updateAvailable: false,
  installPrompt: null,
  activateUpdate: null,
}));
