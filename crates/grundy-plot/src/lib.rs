//! The SVG chart of a nim-sequence: the values `g(0..len)` with the preperiod
//! shaded and the first period after it outlined. Drawn by `grundy sequence
//! --plot FILE.svg` and by the Python package's `Sequence._repr_html_`, so
//! both show the same picture.

use plotters::prelude::*;

/// The chart's size in pixels.
pub const SIZE: (u32, u32) = (1000, 420);

/// The chart of `values` (heap sizes `0..len`) as an SVG document, titled
/// `title`; `period` is `(preperiod, period)` when known, drawn as two bands.
/// The error is the drawing library's message.
///
/// The SVG has one path vertex per value (and a circle each for at most 400
/// values): callers draw a prefix of a long sequence.
pub fn svg(title: &str, values: &[u32], period: Option<(usize, usize)>) -> Result<String, String> {
    let mut out = String::new();
    draw(&mut out, title, values, period).map_err(|e| e.to_string())?;
    Ok(out)
}

fn draw(
    out: &mut String,
    title: &str,
    values: &[u32],
    period: Option<(usize, usize)>,
) -> Result<(), Box<dyn std::error::Error>> {
    let top = values.iter().copied().max().unwrap_or(0) + 1;
    let len = values.len().max(1) as u32;
    let root = SVGBackend::with_string(out, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(40)
        .build_cartesian_2d(0u32..len, 0u32..top + 1)?;
    chart.configure_mesh().x_desc("heap size n").y_desc("nim-value g(n)").draw()?;
    if let Some((preperiod, period)) = period {
        let e = (preperiod as u32).min(len);
        let end = ((preperiod + period) as u32).min(len);
        let bands = [
            (0, e, RGBColor(255, 220, 200), format!("preperiod {preperiod}")),
            (e, end, RGBColor(200, 230, 255), format!("period {period}")),
        ];
        for (from, to, color, label) in bands {
            chart
                .draw_series([Rectangle::new([(from, 0), (to, top + 1)], color.filled())])?
                .label(label)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
        }
    }
    chart.draw_series(LineSeries::new(values.iter().enumerate().map(|(i, &v)| (i as u32, v)), BLUE))?;
    if values.len() <= 400 {
        chart.draw_series(
            values.iter().enumerate().map(|(i, &v)| Circle::new((i as u32, v), 2, BLUE.filled())),
        )?;
    }
    chart.configure_series_labels().background_style(WHITE.mix(0.8)).border_style(BLACK).draw()?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_is_one_svg_document_with_its_labels() {
        let values = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0];
        let svg = svg("subtraction {1, 2}", &values, Some((0, 3))).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
        for text in ["subtraction {1, 2}", "period 3", "preperiod 0", "heap size n", "nim-value g(n)"] {
            assert!(svg.contains(text), "{text} missing");
        }
        assert_eq!(svg.matches("<circle").count(), values.len());
    }

    #[test]
    fn no_period_no_bands_and_an_empty_sequence_draws() {
        let svg = svg("empty", &[], None).unwrap();
        assert!(svg.contains("empty") && !svg.contains("period"));
    }
}
