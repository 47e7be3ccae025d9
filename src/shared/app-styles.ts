/** The id of the <template> in which /login's HTML holds the app's style sheet until the page has painted. */
export const APP_STYLES_TEMPLATE_ID = 'app-styles';
