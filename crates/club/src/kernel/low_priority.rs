//! Work that may wait for everything else: one thread of its own, started on first use,
//! running at the lowest CPU priority (nice 19 on Linux), so that the commands answered
//! meanwhile take the cores first. The daily digest reads its thousands of matches here
//! (`digest`). Not a thread of tokio's blocking pool: those are reused by other work,
//! which must keep its priority.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::OnceLock;
use std::sync::mpsc::{Sender, channel};

type Job = Box<dyn FnOnce() + Send>;

/// The thread's queue (`None`: the thread could not be started).
static QUEUE: OnceLock<Option<Sender<Job>>> = OnceLock::new();

/// The calling thread to the lowest CPU priority (on Linux the nice value is per thread).
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn lowest_priority() {
    // SAFETY: `gettid` and `setpriority` take plain integers, touch no memory of ours,
    // and change only this thread's nice value.
    let done = unsafe {
        let tid = libc::syscall(libc::SYS_gettid);
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 19)
    };
    if done != 0 {
        tracing::warn!("the low-priority thread keeps the normal priority");
    }
}

/// Elsewhere the thread keeps the normal priority.
#[cfg(not(target_os = "linux"))]
fn lowest_priority() {}

fn queue() -> Option<&'static Sender<Job>> {
    QUEUE
        .get_or_init(|| {
            let (tx, rx) = channel::<Job>();
            std::thread::Builder::new()
                .name("low-priority".into())
                .spawn(move || {
                    lowest_priority();
                    for job in rx {
                        // A job that panics drops its answer (its caller sees an error);
                        // the thread goes on with the next.
                        let _ = catch_unwind(AssertUnwindSafe(job));
                    }
                })
                .ok()
                .map(|_| tx)
        })
        .as_ref()
}

/// `work` run on the low-priority thread, after the work queued before it (`None`: it
/// panicked).
pub(crate) async fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = tx.send(work());
    });
    match queue() {
        Some(q) => {
            if let Err(back) = q.send(job) {
                // The thread is gone: the work runs at the normal priority.
                tokio::task::spawn_blocking(back.0);
            }
        }
        None => {
            tokio::task::spawn_blocking(job);
        }
    }
    rx.await.ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// This thread's nice value, from `/proc/thread-self/stat` (the 19th field).
    #[cfg(target_os = "linux")]
    fn nice() -> i64 {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
        let after = &stat[stat.rfind(')').unwrap() + 1..];
        after.split_whitespace().nth(16).unwrap().parse().unwrap()
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn the_work_runs_at_nice_19_and_the_caller_keeps_its_priority() {
        let mine = nice();
        assert_eq!(run(nice).await, Some(19));
        assert_eq!(nice(), mine);
    }

    #[tokio::test]
    async fn work_that_panics_answers_none_and_the_next_is_still_done() {
        assert_eq!(run(|| -> u8 { panic!("bad work") }).await, None);
        assert_eq!(run(|| 7).await, Some(7));
    }
}
