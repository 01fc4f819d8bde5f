//! The JSON census records are written in, read back: objects, arrays,
//! strings, numbers (kept as written), `true`, `false` and `null`, nested at
//! most eight deep (a record is small and written by the census itself;
//! anything else is refused with the byte where reading stopped).

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// A number as written.
    Number(String),
    Text(String),
    /// An array.
    List(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The value as JSON (for messages).
    pub fn text(&self) -> String {
        match self {
            Value::Null => "null".into(),
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => n.clone(),
            Value::Text(s) => format!("'{s}'"),
            Value::List(_) => "[…]".into(),
            Value::Object(_) => "{…}".into(),
        }
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// A number that is a whole `u64`.
    pub fn whole(&self) -> Option<u64> {
        match self {
            Value::Number(n) => n.parse().ok(),
            _ => None,
        }
    }

    /// The items of an array.
    pub fn items(&self) -> Option<&[Value]> {
        match self {
            Value::List(items) => Some(items),
            _ => None,
        }
    }
}

/// `s` as a JSON string.
pub fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The value `text` holds, all of it.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut r = Reader { s: text.as_bytes(), i: 0 };
    let v = r.value(0)?;
    r.space();
    if r.i != r.s.len() { Err(format!("text after the value at byte {}", r.i)) } else { Ok(v) }
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

/// Values nest no deeper (a misère record's table is a list of lists).
const MAX_DEPTH: usize = 8;

impl Reader<'_> {
    fn space(&mut self) {
        while self.s.get(self.i).is_some_and(|b| b.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn expect(&mut self, b: u8) -> Result<(), String> {
        self.space();
        if self.s.get(self.i) == Some(&b) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected '{}' at byte {}", b as char, self.i))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        self.space();
        match self.s.get(self.i) {
            Some(b'{') if depth < MAX_DEPTH => self.object(depth),
            Some(b'[') if depth < MAX_DEPTH => self.list(depth),
            Some(b'"') => self.string().map(Value::Text),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                while self.s.get(self.i).is_some_and(|b| b"+-.eE0123456789".contains(b)) {
                    self.i += 1;
                }
                Ok(Value::Number(String::from_utf8_lossy(&self.s[start..self.i]).into_owned()))
            }
            _ => {
                for (word, v) in
                    [("null", Value::Null), ("true", Value::Bool(true)), ("false", Value::Bool(false))]
                {
                    if self.s[self.i..].starts_with(word.as_bytes()) {
                        self.i += word.len();
                        return Ok(v);
                    }
                }
                Err(format!("no value at byte {}", self.i))
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.expect(b'{')?;
        let mut members = Vec::new();
        self.space();
        if self.s.get(self.i) == Some(&b'}') {
            self.i += 1;
            return Ok(Value::Object(members));
        }
        loop {
            self.space();
            let key = self.string()?;
            self.expect(b':')?;
            members.push((key, self.value(depth + 1)?));
            self.space();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Value::Object(members));
                }
                _ => return Err(format!("expected ',' or '}}' at byte {}", self.i)),
            }
        }
    }

    fn list(&mut self, depth: usize) -> Result<Value, String> {
        self.expect(b'[')?;
        let mut items = Vec::new();
        self.space();
        if self.s.get(self.i) == Some(&b']') {
            self.i += 1;
            return Ok(Value::List(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            self.space();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Value::List(items));
                }
                _ => return Err(format!("expected ',' or ']' at byte {}", self.i)),
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut out = Vec::new();
        loop {
            match self.s.get(self.i) {
                None => return Err("a string without its end".into()),
                Some(b'"') => {
                    self.i += 1;
                    return String::from_utf8(out).map_err(|_| "a string that is not UTF-8".into());
                }
                Some(b'\\') => {
                    let escaped = match self.s.get(self.i + 1) {
                        Some(&c @ (b'"' | b'\\' | b'/')) => c,
                        Some(b'n') => b'\n',
                        Some(b't') => b'\t',
                        Some(b'u') => {
                            let hex = self.s.get(self.i + 2..self.i + 6).ok_or("a short \\u escape")?;
                            let code = std::str::from_utf8(hex)
                                .ok()
                                .and_then(|h| u32::from_str_radix(h, 16).ok())
                                .and_then(char::from_u32)
                                .ok_or("a bad \\u escape")?;
                            let mut buf = [0; 4];
                            out.extend_from_slice(code.encode_utf8(&mut buf).as_bytes());
                            self.i += 6;
                            continue;
                        }
                        _ => return Err(format!("a bad escape at byte {}", self.i)),
                    };
                    out.push(escaped);
                    self.i += 2;
                }
                Some(&c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
    }
}
