import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../lib/toast';

/**
 * A page or panel refused to the user: the message as an error toast, then home after `delayMs`
 * (spec 2 §2: 'Sem permissão para acessar!' and 500 ms; spec 3 §6: 1 s). Once per refusal.
 */
export function useDenyRedirect(denied: boolean, message: string, delayMs: number): void {
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (!denied) return;
    if (!shown.current) toast.error(message);
    shown.current = true;
    const timer = setTimeout(() => void navigate('/', { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [denied, message, delayMs, navigate]);
}
