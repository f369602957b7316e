import { lazy } from 'react';
import { SectionRoutes } from '@imprest/ui';
import RetirementListPage from '../features/retirement-list/RetirementListPage';
import { TEXT } from '../strings';

// the form brings the upload and preview widgets: loaded when a retirement is opened, not with the list
// (its chunk is named after its route: the shell preloads it as a person heads for a retirement)
const RetirementFormPage = lazy(() => import(/* webpackChunkName: "page-retirement" */ '../features/retirement-form/RetirementFormPage'));

/** The retirements section: the list and the Retirement Form; paths from the route table. */
export default function App(_props: { basePath: string }) {
  return (
    <SectionRoutes
      remote="mf_retirements"
      loadingLabel={TEXT.loading}
      pages={{ retirements: <RetirementListPage />, retirement: <RetirementFormPage /> }}
    />
  );
}
