import { UseRatePage } from './billing-pages.js';

export default UseRatePage;
