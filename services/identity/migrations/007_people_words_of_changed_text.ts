import { searchWordsOfChangedTextMigration } from '@trustcircle/service-kit';
import { PEOPLE_SEARCH_TEXT } from './006_people_search';

/**
 * An account is updated for its avatar, verification, roles and e-mail; its words change only
 * with its names.
 */
export const peopleWordsOfChangedText = searchWordsOfChangedTextMigration(
  '007_people_words_of_changed_text',
  { table: 'users', text: PEOPLE_SEARCH_TEXT },
);
