import { create } from 'zustand';

interface SignOutState {
  /** The admin chose Logout: the guard must not greet the cleared session with "Please Login Again". */
  isSigningOut: boolean;
  setSigningOut: (isSigningOut: boolean) => void;
}

export const useSignOutStore = create<SignOutState>()((set) => ({
  isSigningOut: false,
  setSigningOut: (isSigningOut) => set({ isSigningOut }),
}));
