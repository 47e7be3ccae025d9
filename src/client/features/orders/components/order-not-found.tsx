// What the order screens show when the order does not exist in this market, its id in the link cannot name
// one, or it could not be loaded.
import { Link } from '@tanstack/react-router';
import { ORDER_MESSAGES } from '../../../../shared/api/order-protocol';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/handle-error';
import { Banner } from '../../../components/ui/banner';
import { buttonClasses } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';

export const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

export function OrderNotFound() {
  return <OrderMissing title={ORDER_MESSAGES.notFound} text={ORDER_MESSAGES.notFoundText} />;
}

/** A link with no order id, or one no order can have: said before anything is asked of the server. */
export function OrderIdProblem({ problem }: { problem: string }) {
  return <OrderMissing title={problem} text="Check the link, or open the order from the list." />;
}

function OrderMissing({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <span className="grid size-12 place-items-center rounded-full bg-slate-100 text-slate-500">
        <Icon name="box" className="size-6" />
      </span>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-600">{text}</p>
      <Link to="/orders" className={buttonClasses('primary', 'md', 'mt-2')}>
        Back to Orders
      </Link>
    </section>
  );
}

export function OrderLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-3xl">
      <Banner tone="error" title={errorMessage(error, ORDER_MESSAGES.loadFailed)} autoDismissMs={0} dismissible={false} action={{ label: 'Retry', onClick: onRetry }} />
    </div>
  );
}
