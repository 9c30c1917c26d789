import { UseTranslatePage } from './billing-pages.js';

export default UseTranslatePage;
