import type { SearchKind } from '@trustcircle/contracts';
import { SearchIcon, UsersIcon } from '@trustcircle/ui';
import type { OptionSection, SuggestOption } from './suggestions';

const KIND_NAMES: Record<SearchKind, string> = {
  businesses: 'businesses',
  groups: 'groups',
  people: 'people',
};

/**
 * The combobox's listbox: a group per kind (businesses, groups, people), each option a name and
 * a detail, and "Search for …" last. Options are chosen with the mouse too; pressing one keeps
 * the focus in the field (mousedown prevented) so the field's keys still work.
 */
export function SuggestionList({
  id,
  hidden,
  sections,
  all,
  activeId,
  unavailable,
  onPick,
  onHover,
}: {
  id: string;
  hidden: boolean;
  sections: OptionSection[];
  all: SuggestOption;
  activeId: string | undefined;
  unavailable: SearchKind[];
  onPick(option: SuggestOption): void;
  onHover(optionId: string): void;
}) {
  const option = (item: SuggestOption) => (
    <li
      key={item.id}
      id={item.id}
      role="option"
      aria-selected={item.id === activeId}
      className={`tc-suggest-option${item.id === activeId ? ' active' : ''}`}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onPick(item)}
      onMouseMove={() => item.id !== activeId && onHover(item.id)}
    >
      {item.kind === 'all' ? (
        <SearchIcon size={16} className="flex-shrink-0 text-body-secondary" />
      ) : item.kind !== 'business' ? (
        <UsersIcon size={16} className="flex-shrink-0 text-body-secondary" />
      ) : null}
      <span className="tc-suggest-label text-truncate">{item.label}</span>
      <span className="tc-suggest-detail text-truncate">{item.detail}</span>
    </li>
  );
  return (
    <div className="tc-suggest-panel shadow" hidden={hidden}>
      <ul id={id} role="listbox" aria-label="Search suggestions" className="list-unstyled mb-0">
        {sections.map((section) => (
          <li key={section.kind} role="presentation">
            <div className="tc-suggest-heading" id={`${id}-${section.kind}`} aria-hidden="true">
              {section.title}
            </div>
            <ul role="group" aria-labelledby={`${id}-${section.kind}`} className="list-unstyled">
              {section.options.map(option)}
            </ul>
          </li>
        ))}
        {option(all)}
      </ul>
      {unavailable.length > 0 && (
        <p className="tc-suggest-note small text-body-secondary mb-0">
          Some results are missing: we couldn&apos;t search{' '}
          {unavailable.map((kind) => KIND_NAMES[kind]).join(' or ')} right now.
        </p>
      )}
    </div>
  );
}
