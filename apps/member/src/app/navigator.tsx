import { useEffect } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';

export interface AppNavigator {
  /** Navigates inside the router from code outside React (the session-expired handler). */
  navigate: (to: string) => void;
  /** Rendered inside the router: hands its navigate function to `navigate`. */
  NavigatorBridge: () => null;
}

export function createAppNavigator(): AppNavigator {
  let current: NavigateFunction | null = null;
  function NavigatorBridge() {
    const navigate = useNavigate();
    useEffect(() => {
      current = navigate;
      return () => {
        if (current === navigate) current = null;
      };
    }, [navigate]);
    return null;
  }
  return {
    navigate: (to) => {
      void current?.(to);
    },
    NavigatorBridge,
  };
}
