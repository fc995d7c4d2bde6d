import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';

/** Lets code outside React (the API client's 402 handler) navigate inside the SPA. */
let navigateFn: NavigateFunction | undefined;

export function navigateTo(path: string): void {
  if (navigateFn) void navigateFn(path);
  else window.location.assign(path);
}

export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => {
    navigateFn = navigate;
    return () => {
      navigateFn = undefined;
    };
  }, [navigate]);
  return null;
}
