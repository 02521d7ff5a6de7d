// This remote's own dev page: mounts it alone through its lifecycles, the way an integrator would.
// Query: ?locale=ar&theme=dark&api=http://127.0.0.1:3000/api&path=/research-library
import { bootstrap, mount } from './exposes/lifecycles';

const params = new URLSearchParams(location.search);
const props = {
  name: 'library-standalone',
  domElement: document.getElementById('root')!,
  locale: params.get('locale') ?? 'en',
  theme: params.get('theme') === 'dark' ? ('dark' as const) : ('light' as const),
  apiBase: params.get('api') ?? 'http://127.0.0.1:3000/api',
  filesBase: params.get('files') ?? 'http://127.0.0.1:3000/files/',
  initialPath: params.get('path') ?? '/research-library',
};
await bootstrap(props);
await mount(props);
