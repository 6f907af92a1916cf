import { lazy } from 'react';
import { loadCharts } from '../lib/charts';
import { makeCategoriesChart, makeContentChart } from './chart-views';

/** The two workplace charts, loaded with the chart library on first render (never in the first load). */
export const ContentChart = lazy(() => loadCharts().then((charts) => ({ default: makeContentChart(charts) })));
export const CategoriesChart = lazy(() => loadCharts().then((charts) => ({ default: makeCategoriesChart(charts) })));
