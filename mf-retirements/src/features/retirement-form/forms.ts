import { lazy } from 'react';

// The two forms a retirement may show, each loaded only in the mode that shows it, as a chunk of
// its own: the owner's (formik and yup, ~23 KB br, the shell's copy every app shares) in edit mode,
// finance's settlement (those and the phone rules, libphonenumber ~29 KB br) while a settlement
// awaits. A reviewer or a reader of a retirement fetches neither before the page can show. The
// chunks are named part-<route>-<form> so the build's route-files.json lists them for the
// retirement's route (mf-config's offline-files-plugin).
export const SubmitForm = lazy(() =>
  import(/* webpackChunkName: "part-retirement-submit" */ './SubmitForm').then((m) => ({ default: m.SubmitForm })),
);
export const SettleForm = lazy(() =>
  import(/* webpackChunkName: "part-retirement-settle" */ './SettleForm').then((m) => ({ default: m.SettleForm })),
);
