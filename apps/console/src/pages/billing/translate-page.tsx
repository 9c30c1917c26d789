import { TranslatePage } from './billing-pages.js';

export default TranslatePage;
