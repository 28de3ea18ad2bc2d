// Without the bundled Inter fonts: system fonts weigh nothing and need no download (D68).
import DefaultTheme from 'vitepress/theme-without-fonts';
import TryItConsole from './TryItConsole.vue';
import './custom.css';

export default {
  extends: DefaultTheme,
  enhanceApp({ app }: { app: import('vue').App }) {
    app.component('TryItConsole', TryItConsole);
  },
};
