import type { ReactNode } from 'react';

interface Column {
  label: string;
  /** Numbers line up at the end edge. */
  end?: boolean;
}

/**
 * A card with a horizontally scrollable table: header cells from `columns`, rows as children.
 * `minWidth` is a Tailwind class written out in full ('min-w-[36rem]'), not a style attribute (CSP).
 */
export function DataTable({ columns, minWidth, children }: { columns: Column[]; minWidth: string; children: ReactNode }) {
  return (
    <div className="card overflow-x-auto">
      <table className={`w-full text-sm ${minWidth}`}>
        <thead className="bg-surface-muted text-ink-600">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`px-4 py-3 font-medium ${column.end ? 'text-end' : 'text-start'}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}
