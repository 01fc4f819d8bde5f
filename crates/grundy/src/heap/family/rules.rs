//! Rules given by a function ([`HeapRules`]) as a heap family: the options
//! are the function's, the values the memoized mex over them (the default
//! [`HeapFamily::search`]), one step per value estimated, and no period
//! certified.

use super::HeapFamily;
use crate::error::Error;
use crate::heap::HeapRules;

impl HeapFamily for HeapRules {
    fn describe(&self) -> String {
        format!("rules {}", self.name())
    }

    fn options(&self, n: u64) -> Result<Vec<Vec<u64>>, Error> {
        HeapRules::options(self, n)
    }
}
