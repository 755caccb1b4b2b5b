import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

/**
 * The tabs pattern of WAI-ARIA the pages share: a tablist of buttons, of which only the
 * selected one is in the Tab order (the arrows, Home and End move to another and select it),
 * then the selected tab's panel. Ids are `${id}-tab-${key}` and `${id}-panel-${key}`. The list
 * of groups and a group's page use it.
 */
export function Tabs<K extends string>({
  id,
  label,
  tabs,
  selected,
  onSelect,
  className = 'mb-3',
  children,
}: {
  id: string;
  /** The tablist's accessible name. */
  label: string;
  tabs: ReadonlyArray<TabItem<K>>;
  selected: K;
  onSelect: (key: K) => void;
  /** The tablist's spacing classes. */
  className?: string;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const onKey = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.key === selected);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    document.getElementById(`${id}-tab-${key}`)?.focus();
  };

  return (
    <>
      <div className={`nav nav-underline ${className}`} role="tablist" aria-label={label}>
        {tabs.map((t) => (
          <button
            key={t.key}
            id={`${id}-tab-${t.key}`}
            type="button"
            role="tab"
            className={`nav-link ${selected === t.key ? 'active' : ''}`}
            aria-selected={selected === t.key}
            aria-controls={`${id}-panel-${t.key}`}
            tabIndex={selected === t.key ? 0 : -1}
            onClick={() => onSelect(t.key)}
            onKeyDown={onKey}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel-${selected}`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${selected}`}
        tabIndex={0}
        className="tc-groups-panel"
      >
        {children}
      </div>
    </>
  );
}
