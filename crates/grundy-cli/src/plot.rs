//! `--plot FILE.svg`: the nim-sequence as an SVG chart with the preperiod and
//! one period marked.

use crate::CliError;
use grundy::Periodic;
use plotters::prelude::*;

/// Draws `values` (heap sizes `0..len`) with the preperiod shaded and the first
/// period after it outlined.
pub fn draw(path: &str, title: &str, values: &[u32], periodic: Option<&Periodic>) -> Result<(), CliError> {
    let fail = |e: &dyn std::fmt::Display| CliError::Message(format!("--plot {path}: {e}"));
    let top = values.iter().copied().max().unwrap_or(0) + 1;
    let len = values.len().max(1) as u32;
    let root = SVGBackend::new(path, (1000, 420)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| fail(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(40)
        .build_cartesian_2d(0u32..len, 0u32..top + 1)
        .map_err(|e| fail(&e))?;
    chart.configure_mesh().x_desc("heap size n").y_desc("nim-value g(n)").draw().map_err(|e| fail(&e))?;
    if let Some(p) = periodic {
        let e = (p.preperiod() as u32).min(len);
        let end = ((p.preperiod() + p.period()) as u32).min(len);
        let bands = [
            (0, e, RGBColor(255, 220, 200), format!("preperiod {}", p.preperiod())),
            (e, end, RGBColor(200, 230, 255), format!("period {}", p.period())),
        ];
        for (from, to, color, label) in bands {
            chart
                .draw_series([Rectangle::new([(from, 0), (to, top + 1)], color.filled())])
                .map_err(|e| fail(&e))?
                .label(label)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
        }
    }
    chart
        .draw_series(LineSeries::new(values.iter().enumerate().map(|(i, &v)| (i as u32, v)), BLUE))
        .map_err(|e| fail(&e))?;
    if values.len() <= 400 {
        chart
            .draw_series(
                values.iter().enumerate().map(|(i, &v)| Circle::new((i as u32, v), 2, BLUE.filled())),
            )
            .map_err(|e| fail(&e))?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| fail(&e))?;
    root.present().map_err(|e| fail(&e))?;
    Ok(())
}
