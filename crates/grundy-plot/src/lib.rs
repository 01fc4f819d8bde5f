//! The SVG chart of a nim-sequence: the values `g(0..len)` with the preperiod
//! shaded and the first period after it outlined. Drawn by `grundy sequence
//! --plot FILE.svg` and by the Python package's `Sequence._repr_html_`, so
//! both show the same picture.
//!
//! A sequence of at most as many values as the plot has pixel columns is a
//! line through every value (with a dot on each of at most 400 values). A
//! longer one is drawn as points, thinned to what the screen shows: per pixel
//! column, the pixel rows that some value of the column falls on, adjacent
//! rows merged into one mark, all marks one SVG path (a few bytes a mark); so
//! the document stays small (at most a mark per pixel) however long the
//! sequence, and shows every value's place.

use plotters::prelude::*;
use std::collections::BTreeSet;

/// The chart's size in pixels.
pub const SIZE: (u32, u32) = (1000, 420);

/// At most this many values get a dot each (a line alone beyond).
const DOTS: usize = 400;

/// The comment every chart carries right after its opening tag: [`is_chart`]
/// knows a file of ours by it (the command line replaces only its own charts).
pub const MARK: &str = "<!-- a chart of nim-values drawn by grundy -->";

/// Whether a file that begins with `head` (its first few hundred bytes) is a
/// chart drawn by [`svg`].
pub fn is_chart(head: &[u8]) -> bool {
    head.starts_with(b"<svg") && head.windows(MARK.len()).any(|w| w == MARK.as_bytes())
}

/// The chart of `values` (heap sizes `0..len`) as an SVG document, titled
/// `title`; `period` is `(preperiod, period)` when known, drawn as two bands
/// with their legend. The error is the drawing library's message.
///
/// The document's size is bounded by the plot's pixels, not by `len` (see
/// the module documentation).
pub fn svg(title: &str, values: &[u32], period: Option<(usize, usize)>) -> Result<String, String> {
    let mut out = String::new();
    let points = draw(&mut out, title, values, period).map_err(|e| e.to_string())?;
    if let Some(path) = points {
        // under the legend (its box is the one element drawn at 0.8 opacity)
        let legend = out.find(LEGEND).and_then(|at| out[..at].rfind('<'));
        let at = legend.or_else(|| out.rfind("</svg>")).unwrap_or(out.len());
        out.insert_str(at, &path);
    }
    // the mark after the opening tag
    let at = out.find('>').map_or(0, |i| i + 1);
    out.insert_str(at, &format!("\n{MARK}"));
    Ok(out)
}

/// The attribute of the legend's box (white at 0.8 opacity).
const LEGEND: &str = "opacity=\"0.8\"";

/// The points of a long sequence as one SVG path: a vertical stroke a pixel
/// wide per mark of [`thinned`], a pixel longer at each end.
fn points_path(columns: &[(i32, Vec<(i32, i32)>)]) -> String {
    let mut d = String::new();
    for (x, runs) in columns {
        for (top, bottom) in runs {
            d.push_str(&format!("M{x}.5 {}v{}", top - 1, bottom - top + 2));
        }
    }
    format!("<path d=\"{d}\" stroke=\"#0000FF\" stroke-width=\"1\" fill=\"none\"/>\n")
}

/// The marks of a long sequence: for each pixel column `x` (ascending), the
/// runs `(top, bottom)` of adjacent pixel rows that the values of the column
/// fall on, given the pixel `(x, y)` of each value in order.
fn thinned(pixels: impl Iterator<Item = (i32, i32)>) -> Vec<(i32, Vec<(i32, i32)>)> {
    let mut columns: Vec<(i32, BTreeSet<i32>)> = Vec::new();
    for (x, y) in pixels {
        match columns.last_mut() {
            Some((last, rows)) if *last == x => _ = rows.insert(y),
            _ => columns.push((x, BTreeSet::from([y]))),
        }
    }
    columns
        .into_iter()
        .map(|(x, rows)| {
            let mut runs: Vec<(i32, i32)> = Vec::new();
            for y in rows {
                match runs.last_mut() {
                    Some((_, bottom)) if *bottom + 1 >= y => *bottom = y,
                    _ => runs.push((y, y)),
                }
            }
            (x, runs)
        })
        .collect()
}

/// Draws the chart into `out`; returns the points path of a long sequence,
/// for [`svg`] to insert.
fn draw(
    out: &mut String,
    title: &str,
    values: &[u32],
    period: Option<(usize, usize)>,
) -> Result<Option<String>, Box<dyn std::error::Error>> {
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
    let columns = chart.plotting_area().dim_in_pixel().0 as usize;
    let mut points = None;
    if values.len() <= columns {
        chart.draw_series(LineSeries::new(values.iter().enumerate().map(|(i, &v)| (i as u32, v)), BLUE))?;
    } else {
        let pixels = values.iter().enumerate().map(|(i, &v)| chart.backend_coord(&(i as u32, v)));
        points = Some(points_path(&thinned(pixels)));
    }
    if values.len() <= DOTS {
        chart.draw_series(
            values.iter().enumerate().map(|(i, &v)| Circle::new((i as u32, v), 2, BLUE.filled())),
        )?;
    }
    // a legend only for the bands it names
    if period.is_some() {
        chart.configure_series_labels().background_style(WHITE.mix(0.8)).border_style(BLACK).draw()?;
    }
    root.present()?;
    Ok(points)
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

    /// The most vertices of a polyline of `svg`.
    fn longest_polyline(svg: &str) -> usize {
        let points =
            svg.split("<polyline").skip(1).filter_map(|p| p.split("points=\"").nth(1)?.split('"').next());
        points.map(|p| p.split_whitespace().count()).max().unwrap_or(0)
    }

    /// The legend's box: a white rectangle at 0.8 opacity (the bands' legend).
    fn legend_boxes(svg: &str) -> usize {
        svg.matches("opacity=\"0.8\"").count()
    }

    #[test]
    fn an_uncertified_sequence_has_no_empty_legend() {
        let values: Vec<u32> = (0..50).map(|i| i % 7).collect();
        assert_eq!(legend_boxes(&svg("open", &values, None).unwrap()), 0);
        assert_eq!(legend_boxes(&svg("periodic", &values, Some((0, 7))).unwrap()), 1);
    }

    #[test]
    fn a_long_sequence_is_thinned_points_of_bounded_size() {
        // 10^6 values: a slow rise with a few values per pixel column
        let values: Vec<u32> = (0..1_000_000u32).map(|i| i / 1000 + i % 3).collect();
        let chart = svg("long", &values, None).unwrap();
        assert!(chart.len() < 100_000, "{} bytes", chart.len());
        // no line through the values (the axes' polylines have a few vertices), no dots
        assert!(longest_polyline(&chart) < 10 && !chart.contains("<circle"));
        let (w, h) = SIZE;
        let d = chart.split("<path d=\"").nth(1).and_then(|p| p.split('"').next()).unwrap();
        let marks = d.matches('M').count();
        assert!(marks > 900 && marks < (w * h / 100) as usize, "{marks} marks");
        // under the legend of a periodic one
        let periodic = svg("long", &values, Some((10, 20))).unwrap();
        let (path, legend) = (periodic.find("<path d=\"M").unwrap(), periodic.find(LEGEND).unwrap());
        assert!(path < legend);
        // a short one is one line through every value
        let short = svg("short", &values[..500], None).unwrap();
        assert_eq!(longest_polyline(&short), 500);
    }

    #[test]
    fn thinning_keeps_every_row_of_a_column_merging_adjacent_ones() {
        let pixels = [(0, 5), (0, 6), (0, 9), (0, 5), (1, 2), (2, 7), (2, 7), (2, 8), (2, 3)];
        let want = vec![(0, vec![(5, 6), (9, 9)]), (1, vec![(2, 2)]), (2, vec![(3, 3), (7, 8)])];
        assert_eq!(thinned(pixels.into_iter()), want);
    }

    #[test]
    fn charts_carry_the_mark_others_do_not() {
        let chart = svg("kayles", &[0, 1, 2, 3, 1, 4], None).unwrap();
        assert!(is_chart(&chart.as_bytes()[..256.min(chart.len())]));
        assert!(!is_chart(b"<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>"));
        assert!(!is_chart(b"notes"));
    }
}
