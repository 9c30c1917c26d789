import { PayportPage } from './billing-pages.js';

export default PayportPage;
