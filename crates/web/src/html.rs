//! HTML built by hand with one rule: text goes in through [`Html::text`], which escapes
//! it (and drops bidirectional controls); markup goes in through [`Html::raw`], which
//! takes only `&'static str` (the page's own words), so nothing a player typed can reach
//! the page unescaped. A name goes in through [`Html::name`], isolated in `<bdi>`: a
//! right-to-left name cannot turn the words around it.

/// Escapes `&`, `<`, `>`, `"` and `'` (for text and for quoted attribute values).
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A page being written.
#[derive(Default)]
pub struct Html(String);

impl Html {
    /// The page's own markup.
    pub fn raw(&mut self, markup: &'static str) -> &mut Html {
        self.0.push_str(markup);
        self
    }

    /// Text, escaped (also fit for a quoted attribute value), without bidirectional
    /// controls (an override in a name would turn the rest of its line around).
    pub fn text(&mut self, text: &str) -> &mut Html {
        self.0.push_str(&escape(&render::strip_bidi_controls(text)));
        self
    }

    /// A name (a player's, a league's): text as [`Html::text`], isolated in `<bdi>` so
    /// that its direction does not spill onto the words around it.
    pub fn name(&mut self, name: &str) -> &mut Html {
        self.raw("<bdi>").text(name).raw("</bdi>")
    }

    /// A number.
    pub fn num(&mut self, n: impl Into<i64>) -> &mut Html {
        self.0.push_str(&n.into().to_string());
        self
    }

    /// The page's head (title escaped, the stylesheet and `script`, both files of this
    /// server) and the opening of its body.
    pub fn head(&mut self, title: &str, script: &'static str) -> &mut Html {
        self.head_of(title, Some(script))
    }

    /// The page's head as [`Html::head`], with or without a script.
    pub fn head_of(&mut self, title: &str, script: Option<&'static str>) -> &mut Html {
        self.raw("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
            .raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
            .raw("<meta name=\"referrer\" content=\"no-referrer\"><title>")
            .text(title)
            .raw(" · gammonbot</title><link rel=\"stylesheet\" href=\"/static/web.css\">")
            .raw("<link rel=\"icon\" href=\"/static/icon.svg\" type=\"image/svg+xml\">");
        if let Some(script) = script {
            self.raw("<script src=\"")
                .raw(script)
                .raw("\" defer></script>");
        }
        self.raw("</head>\n<body>")
    }

    /// The finished page.
    #[must_use]
    pub fn finish(mut self) -> String {
        self.0.push_str("</body></html>\n");
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::{Html, escape};

    #[test]
    fn markup_in_text_is_escaped() {
        assert_eq!(
            escape("<script>alert(1)</script>"),
            "&lt;script&gt;alert(1)&lt;/script&gt;"
        );
        assert_eq!(
            escape("\"><img src=x onerror=alert(1)>"),
            "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"
        );
        assert_eq!(escape("a & 'b'"), "a &amp; &#39;b&#39;");
        let mut h = Html::default();
        h.raw("<p title=\"").text("\" onmouseover=\"x").raw("\">");
        assert_eq!(h.0, "<p title=\"&quot; onmouseover=&quot;x\">");
    }
}
