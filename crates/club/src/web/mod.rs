//! The read side of the web pages: link tokens, revoking them, and what each page shows.

pub(crate) mod chouette;
pub(crate) mod league;
pub(crate) mod links;
pub(crate) mod match_page;
pub(crate) mod player;
pub(crate) mod revoke;

pub use chouette::ChouettePage;
pub use league::{
    FixtureLink, LEADERBOARD_PAGE_ROWS, LeaderLine, LeaderboardPage, LeaguePage, PageStamp,
    PublicIndex, RulesetBoard, SeasonPage, WebPage,
};
pub use links::{PageKind, PageLink, is_token};
pub use match_page::{Frame, MatchPage};
pub use player::{
    HeadToHead, PlayerAnalysis, PlayerMatch, PlayerPage, PlayerRating, RECENT_MATCHES,
};
pub use revoke::{RevokeTarget, Revoked, Rights};
