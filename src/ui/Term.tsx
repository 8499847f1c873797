import type { ReactNode } from 'react';

/**
 * One term of a `<dl>` of terms (a product's, an order's, a confirmation's): its label, and its
 * value in tabular figures, coloured by `tone`. The list's own class lays the rows out.
 */
export function Term({
  label,
  children,
  tone,
  testId,
  className,
}: {
  label: ReactNode;
  children: ReactNode;
  tone?: 'up' | 'down';
  testId?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd className={tone ? `num ${tone}` : 'num'} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
