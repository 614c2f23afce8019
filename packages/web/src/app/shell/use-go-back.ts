import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { afterDialogsClosed } from '../back-closes.ts';

/**
 * Back to the previous page, or to the member page when the app was opened right here (a shared
 * link, a reload after the history was lost): there is nothing behind to go back to.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    // Often the answer of a dialog just closed: its history entry goes first (back-closes.ts).
    afterDialogsClosed(() => {
      if (location.key === 'default') navigate('/member', { replace: true });
      else navigate(-1);
    });
  }, [location.key, navigate]);
}
