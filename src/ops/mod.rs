//! What the operator sees of a running bot (`docs/operating.md`): the metrics and health
//! endpoint on `METRICS_ADDR` ([`metrics`]: what is counted and read; [`server`]: the
//! HTTP side) and the log output, text or JSON, with the token kept out ([`logs`]).

pub mod logs;
pub mod metrics;
pub mod server;

pub use logs::LogFormat;
pub use metrics::Metrics;
pub use server::start;
