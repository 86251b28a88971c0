import { create } from 'zustand';

interface Flash {
  message: string;
  expiresAt: number;
}

interface FlashState {
  flash: Flash | null;
  showFlash: (message: string, ttlMs: number) => void;
  clearFlash: () => void;
}

/** A banner that survives one navigation (e.g. "your studio account has been created") and then expires. */
export const useFlashStore = create<FlashState>((set) => ({
  flash: null,
  showFlash: (message, ttlMs) => set({ flash: { message, expiresAt: Date.now() + ttlMs } }),
  clearFlash: () => set({ flash: null }),
}));
