import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

// only the parts a bar chart needs: chart.js tree-shakes the rest away
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface Series {
  label: string;
  values: number[];
  color: string;
}

/** A bar chart (stacked when asked) on a canvas; the table beneath it carries the numbers for screen readers. */
export default function BarChart({
  labels,
  series,
  stacked = false,
  title,
}: {
  labels: string[];
  series: Series[];
  stacked?: boolean;
  title: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels, datasets: series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.color })) },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { stacked }, y: { stacked, beginAtZero: true } },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [labels, series, stacked]);
  return (
    <div style={{ position: 'relative', height: 280, width: '100%' }}>
      <canvas ref={canvas} role="img" aria-label={title} />
    </div>
  );
}
