import { useEffect } from 'react';

export const APP_NAME = 'Carnet';

/** Sets the document <title> for the current page: 'Page · Carnet'. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
