import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../components/not-found-page';

/**
 * Any path no screen claims. Inside the authenticated layout, so a signed-in user keeps the shell around
 * the 404 and a signed-out one signs in first; every real route outranks this one.
 */
export const Route = createFileRoute('/_app/$')({
  component: NotFoundPage,
});
