//! The matches waiting on a player in the local chat (issue 35, "A digest"): `/games
//! waiting` lists them with each match's web page, and `/settings digest:` is read, a bad
//! time refused with nothing changed.

use club::{ChallengeOp, Command};
use clubkit::{Fixture, run};
use gammonbot::console::{run_line, waiting_links};
use testkit::store_url;

#[tokio::test]
async fn games_waiting_in_the_local_chat_links_each_match_to_its_web_page() {
    let f = Fixture::seeded(&store_url("digest-local").await, 11).await;
    f.club
        .set_waiting_links(waiting_links("http://127.0.0.1:8080"));
    // Given a challenge from bob that waits on alice
    let id = run(
        &f,
        "bob",
        Command::Challenge(ChallengeOp::New {
            opponent: "alice".into(),
            spec: club::ChallengeSpec::standard(Some(3)),
        }),
    )
    .await
    .match_id
    .unwrap();
    // When alice types /games waiting
    let (text, refused) = run_line(&f.club, "alice: /games waiting", None).await;
    // Then it names the match, its opponent, what is awaited, the time left and the page
    assert!(!refused, "{text}");
    let token = f.club.web().match_link(id).await.unwrap();
    assert!(
        text.contains(&format!("#{id} against bob: answer the challenge")),
        "{text}"
    );
    assert!(text.contains("7 days left"), "{text}");
    assert!(
        text.contains(&format!("(web page: http://127.0.0.1:8080/m/{token})")),
        "{text}"
    );
    // And the digest is set with a time and a zone; a bad time is refused, nothing changed
    let (text, refused) = run_line(
        &f.club,
        "alice: /settings digest:daily at:07:30 tz:Europe/London",
        None,
    )
    .await;
    assert!(!refused, "{text}");
    assert!(
        text.contains("daily digest at 07:30 Europe/London"),
        "{text}"
    );
    let before = f.store.fingerprint().await.unwrap();
    let (text, refused) = run_line(&f.club, "alice: /settings at:7h30", None).await;
    assert!(refused, "{text}");
    assert!(text.contains("at:7h30 is not a time of day"), "{text}");
    assert_eq!(f.store.fingerprint().await.unwrap(), before);
}
