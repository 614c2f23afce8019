import type { ConsoleList } from '@app/contract/console/list';
import { useCallback, useEffect, useState } from 'react';
import { ConsoleError } from '../../app/api.ts';

/**
 * A short list read whole (plans, payment methods, ticket templates: a few dozen rows at most),
 * read again after each change.
 */
export function useMoneyList<T>(load: () => Promise<ConsoleList<T>>) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    load()
      .then((reply) => current && (setItems(reply.items), setError(null)))
      .catch(
        (reason: unknown) =>
          current && setError(reason instanceof ConsoleError ? reason.error : 'server_error'),
      )
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [load, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { items, loading, error, reload };
}

/** A refusal's field keys renamed to the form's fields (the form shows yuan where the wire has cents). */
export function withFormFields(error: unknown, names: Record<string, string>): unknown {
  if (!(error instanceof ConsoleError)) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, key]) => [names[name] ?? name, key]),
  );
  return new ConsoleError(error.status, error.error, fields);
}
