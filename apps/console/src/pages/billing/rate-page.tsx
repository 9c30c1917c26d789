import { RatePage } from './billing-pages.js';

export default RatePage;
