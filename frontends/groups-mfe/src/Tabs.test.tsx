/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Tabs } from './Tabs';

type Key = 'reviews' | 'members' | 'about';
const TABS = [
  { key: 'reviews', label: 'Reviews' },
  { key: 'members', label: 'Members' },
  { key: 'about', label: 'About' },
] as const;

function Sections() {
  const [tab, setTab] = useState<Key>('reviews');
  return (
    <Tabs id="t" label="Sections" tabs={TABS} selected={tab} onSelect={setTab}>
      <p>{tab} panel</p>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs (the groups pages)', () => {
  it('shows the selected tab and its panel, labelled by it, with only that tab in the Tab order', () => {
    render(<Sections />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    expect(tab('Reviews').getAttribute('aria-selected')).toBe('true');
    expect(tab('Members').tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel', { name: 'Reviews' });
    expect(panel.id).toBe('t-panel-reviews');
    expect(panel.textContent).toBe('reviews panel');
    fireEvent.click(tab('About'));
    expect(screen.getByRole('tabpanel', { name: 'About' }).textContent).toBe('about panel');
  });

  it('moves with the arrows (round the ends), Home and End, selecting and focusing', () => {
    render(<Sections />);
    fireEvent.keyDown(tab('Reviews'), { key: 'ArrowLeft' });
    expect(tab('About').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('About'));
    fireEvent.keyDown(tab('About'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Reviews'));
    fireEvent.keyDown(tab('Reviews'), { key: 'End' });
    expect(document.activeElement).toBe(tab('About'));
    fireEvent.keyDown(tab('About'), { key: 'Home' });
    expect(tab('Reviews').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Reviews'), { key: 'a' });
    expect(tab('Reviews').getAttribute('aria-selected')).toBe('true');
  });
});
