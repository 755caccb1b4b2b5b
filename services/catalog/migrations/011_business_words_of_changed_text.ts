import { searchWordsOfChangedTextMigration } from '@trustcircle/service-kit';
import { BUSINESS_SEARCH_TEXT } from './005_search_prefix';

/** A business's score moves with every review and vote; its words only with its text. */
export const businessWordsOfChangedText = searchWordsOfChangedTextMigration(
  '011_business_words_of_changed_text',
  { table: 'businesses', text: BUSINESS_SEARCH_TEXT },
);
