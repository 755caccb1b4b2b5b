import { searchWordsOfChangedTextMigration } from '@trustcircle/service-kit';
import { GROUP_SEARCH_TEXT } from './003_group_search';

/** A group's counts move with every review and member; its words only with its text. */
export const groupWordsOfChangedText = searchWordsOfChangedTextMigration(
  '005_group_words_of_changed_text',
  { table: 'groups', text: GROUP_SEARCH_TEXT },
);
