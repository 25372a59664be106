import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Navigation state of links from a list, so the form can return to it as it was (page, search, sort). */
export const fromListState = { fromList: true } as const;

/**
 * Back to a list: the very list the user came from (history back keeps its page, search and filters)
 * or, when the form was opened directly, the list's first page.
 */
export function useBackToList(listPath: string): () => void {
  const navigate = useNavigate();
  const { state } = useLocation();
  const fromList = (state as { fromList?: unknown } | null)?.fromList === true;
  return useCallback(() => {
    if (fromList) navigate(-1);
    else navigate(listPath);
  }, [fromList, navigate, listPath]);
}
