import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A dashboard card: its figures, then a link to the screen they come from. */
export function FigureCard({
  title,
  to,
  link,
  testId,
  children,
}: {
  title: ReactNode;
  to: string;
  link: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      title={title}
      extra={<Link to={to}>{link}</Link>}
      style={{ height: '100%' }}
      data-testid={testId}
      styles={{ body: { paddingTop: 12 } }}
    >
      {children}
    </Card>
  );
}

/** A card's short list (antd's List is deprecated): its rows, or the empty text once loaded. */
export function FigureList<T>({
  items,
  empty,
  render,
}: {
  items: readonly T[] | undefined;
  empty?: string;
  render: (item: T) => ReactNode;
}) {
  if (!items) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (items.length === 0) return empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> : null;
  return <div className="figure-list">{items.map(render)}</div>;
}

/** One row of a FigureList. */
export function FigureRow({ children, ...data }: { children: ReactNode; [dataAttribute: `data-${string}`]: string }) {
  return (
    <div style={{ padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }} {...data}>
      {children}
    </div>
  );
}
