//! Revoking the links of a chouette's, a league's and the leaderboard's web pages
//! (`Club::revoke_link_by`): who may (a player who sat in the chouette, the league's
//! organiser or a holder of its organiser role, a manager of the server), the new token
//! (the old one then finds nothing), and the refusals, which change nothing.

use club::{
    Actor, ChouetteOp, ChouetteRef, ChouetteSpec, ClubError, Command, Identity, LeagueCommand,
    LeagueOp, Look, PageKind, RevokeTarget, Rights,
};
use clubkit::Fixture;
use testkit::store_url;

/// A Discord-like member `name` of server `guild`.
fn member(name: &str, guild: &str) -> Actor {
    Actor {
        platform: "discord".into(),
        user_id: format!("{name}-id"),
        display_name: name.into(),
        community_id: guild.into(),
        community_name: guild.into(),
        channel: format!("{guild}-channel"),
        identity: Identity::Account,
        reply_chars: None,
    }
}

const PLAYER: Rights = Rights {
    manager: false,
    roles: Vec::new(),
};

fn manager() -> Rights {
    Rights {
        manager: true,
        roles: Vec::new(),
    }
}

async fn exec(f: &Fixture, who: &Actor, cmd: Command) {
    f.club
        .execute(who, cmd.clone())
        .await
        .unwrap_or_else(|e| panic!("{}: {cmd:?}: {e}", who.display_name));
}

/// Revokes `target` as `who` with `rights`, expecting a refusal that changes nothing.
async fn refused(f: &Fixture, who: &Actor, target: RevokeTarget, rights: &Rights) -> ClubError {
    let before = f.store.fingerprint().await.unwrap();
    let e = f
        .club
        .web()
        .revoke_link_by(who, target.clone(), rights)
        .await
        .expect_err(&format!("{}: {target:?} accepted", who.display_name));
    assert_eq!(
        f.store.fingerprint().await.unwrap(),
        before,
        "{target:?}: {e}"
    );
    e
}

/// Revokes `target` as `who` with `rights`: the new token.
async fn revoked(f: &Fixture, who: &Actor, target: RevokeTarget, rights: &Rights) -> String {
    f.club
        .web()
        .revoke_link_by(who, target.clone(), rights)
        .await
        .unwrap_or_else(|e| panic!("{}: {target:?}: {e}", who.display_name))
        .link
        .token
}

fn chouette(op: ChouetteOp) -> Command {
    Command::Chouette(ChouetteRef::default(), op)
}

#[tokio::test]
async fn a_chouettes_link_is_revoked_by_a_player_who_sat_in_it_or_a_manager_only() {
    let f = Fixture::seeded(&store_url("club-revoke-chouette").await, 3).await;
    let (ann, ben, dan) = (
        member("ann", "g1"),
        member("ben", "g1"),
        member("dan", "g1"),
    );
    exec(
        &f,
        &ann,
        chouette(ChouetteOp::Create(ChouetteSpec::default())),
    )
    .await;
    exec(&f, &ben, chouette(ChouetteOp::Join)).await;
    exec(&f, &dan, Command::Look(Look::Games)).await;
    let old = f.club.web().chouette_link(1).await.unwrap();
    // (ben leaves: he sat in it all the same)
    exec(&f, &ben, chouette(ChouetteOp::Leave)).await;

    // dan never sat in it; a manager of another server does not find it; no session #9
    let e = refused(&f, &dan, RevokeTarget::Chouette(1), &PLAYER).await;
    assert_eq!(
        e.to_string(),
        "only a player who sat in chouette #1 (or a manager of this server) can revoke its page's link"
    );
    let eve = member("eve", "g2");
    exec(&f, &eve, Command::Look(Look::Games)).await;
    let e = refused(&f, &eve, RevokeTarget::Chouette(1), &manager()).await;
    assert_eq!(e.to_string(), "there is no chouette #1");
    let e = refused(&f, &ann, RevokeTarget::Chouette(9), &PLAYER).await;
    assert_eq!(e.to_string(), "there is no chouette #9");
    assert_eq!(
        f.club.web().resolve_chouette_link(&old).await.unwrap(),
        Some(1)
    );

    // ben, who sat in it and left: a new token, the old one finds nothing
    let r = f
        .club
        .web()
        .revoke_link_by(&ben, RevokeTarget::Chouette(1), &PLAYER)
        .await
        .unwrap();
    assert_eq!(
        (r.link.kind, r.page.as_str()),
        (PageKind::Chouette, "chouette #1's page")
    );
    assert_ne!(r.link.token, old);
    assert_eq!(
        f.club.web().resolve_chouette_link(&old).await.unwrap(),
        None
    );
    assert_eq!(
        f.club
            .web()
            .resolve_chouette_link(&r.link.token)
            .await
            .unwrap(),
        Some(1)
    );
    assert_eq!(f.club.web().chouette_link(1).await.unwrap(), r.link.token);
    // dan as a manager of the server: may
    let new = revoked(&f, &dan, RevokeTarget::Chouette(1), &manager()).await;
    assert_eq!(
        f.club.web().resolve_chouette_link(&new).await.unwrap(),
        Some(1)
    );
    assert_eq!(
        f.club
            .web()
            .resolve_chouette_link(&r.link.token)
            .await
            .unwrap(),
        None
    );
}

fn league(name: &str, op: LeagueOp, rights: &Rights) -> Command {
    Command::League(LeagueCommand {
        league: Some(name.into()),
        op,
        manage_server: rights.manager,
        roles: rights.roles.clone(),
    })
}

#[tokio::test]
async fn a_leagues_link_is_revoked_by_its_organiser_a_manager_or_its_organiser_role_only() {
    let f = Fixture::seeded(&store_url("club-revoke-league").await, 3).await;
    let (org, bob, eve) = (
        member("org", "g1"),
        member("bob", "g1"),
        member("eve", "g2"),
    );
    let create = LeagueOp::Create {
        name: "Autumn Cup".into(),
        format: club::Format::RoundRobin,
        spec: club::ChallengeSpec::standard(Some(3)),
    };
    exec(&f, &org, league("Autumn Cup", create, &manager())).await;
    exec(&f, &bob, league("Autumn Cup", LeagueOp::Join, &PLAYER)).await;
    exec(&f, &eve, Command::Look(Look::Games)).await;
    let id = f
        .store
        .find_league(1, "Autumn Cup")
        .await
        .unwrap()
        .unwrap()
        .id;
    let old = f.club.web().league_link(id).await.unwrap();
    let cup = || RevokeTarget::League(Some("Autumn Cup".into()));

    // bob, an entrant without rights; another server's manager; a league not here
    let e = refused(&f, &bob, cup(), &PLAYER).await;
    assert_eq!(
        e.to_string(),
        "only the organiser of Autumn Cup can revoke its page's link (or a manager of this server, or a holder of the league's organiser role)"
    );
    let e = refused(&f, &eve, cup(), &manager()).await;
    assert!(
        e.to_string().contains("no league called `Autumn Cup`"),
        "{e}"
    );
    let e = refused(
        &f,
        &org,
        RevokeTarget::League(Some("Spring".into())),
        &PLAYER,
    )
    .await;
    assert!(e.to_string().contains("no league called `Spring`"), "{e}");
    assert!(
        f.club
            .web()
            .resolve_league_link(&old)
            .await
            .unwrap()
            .is_some()
    );

    // the organiser (no name: the only league here): a new token, the old finds nothing
    let r = f
        .club
        .web()
        .revoke_link_by(&org, RevokeTarget::League(None), &PLAYER)
        .await
        .unwrap();
    assert_eq!(
        (r.link.kind, r.page.as_str()),
        (PageKind::League, "the page of league Autumn Cup")
    );
    assert!(
        f.club
            .web()
            .resolve_league_link(&old)
            .await
            .unwrap()
            .is_none()
    );
    let page = f
        .club
        .web()
        .resolve_league_link(&r.link.token)
        .await
        .unwrap();
    assert_eq!(page.unwrap().name, "Autumn Cup");

    // a manager; then a holder of the organiser role once it is set
    let by_manager = revoked(&f, &bob, cup(), &manager()).await;
    assert!(
        f.club
            .web()
            .resolve_league_link(&r.link.token)
            .await
            .unwrap()
            .is_none()
    );
    let set = LeagueOp::Set {
        key: "organiser-role".into(),
        value: "777".into(),
    };
    exec(&f, &org, league("Autumn Cup", set, &PLAYER)).await;
    let role = Rights {
        manager: false,
        roles: vec!["777".into()],
    };
    let by_role = revoked(&f, &bob, cup(), &role).await;
    assert_ne!(by_role, by_manager);
    assert!(
        f.club
            .web()
            .resolve_league_link(&by_role)
            .await
            .unwrap()
            .is_some()
    );
}

#[tokio::test]
async fn the_leaderboards_link_is_revoked_by_a_manager_only() {
    let f = Fixture::seeded(&store_url("club-revoke-leaderboard").await, 3).await;
    let (ann, eve) = (member("ann", "g1"), member("eve", "g2"));
    exec(&f, &ann, Command::Look(Look::Games)).await;
    exec(&f, &eve, Command::Look(Look::Games)).await;
    let (g1, g2) = (
        f.club.web().leaderboard_link(1).await.unwrap(),
        f.club.web().leaderboard_link(2).await.unwrap(),
    );
    let e = refused(&f, &ann, RevokeTarget::Leaderboard, &PLAYER).await;
    assert_eq!(
        e.to_string(),
        "only a manager of this server (Manage Server) can revoke the leaderboard page's link"
    );
    let r = f
        .club
        .web()
        .revoke_link_by(&ann, RevokeTarget::Leaderboard, &manager())
        .await
        .unwrap();
    assert_eq!(
        (r.link.kind, r.page.as_str()),
        (PageKind::Leaderboard, "the leaderboard's page")
    );
    assert!(
        f.club
            .web()
            .resolve_leaderboard_link(&g1)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        f.club
            .web()
            .resolve_leaderboard_link(&r.link.token)
            .await
            .unwrap()
            .is_some()
    );
    assert_eq!(
        f.club.web().leaderboard_link(1).await.unwrap(),
        r.link.token
    );
    // the other server's leaderboard keeps its link
    assert_eq!(f.club.web().leaderboard_link(2).await.unwrap(), g2);
}
