//! `/chouette ...`: a chouette command's words read into a club [`Command`].

use club::{ChouetteOp, ChouetteRef, ChouetteSpec, Command, MatchRef};
use engine::chouette::Consultation;
use engine::excerpt;

use super::parse_words::{ParseError, amount, err, on_off};

pub(super) fn chouette(args: &[&str], m: MatchRef) -> Result<Command, ParseError> {
    let r = ChouetteRef {
        id: m.id.map(club::MatchNo::get),
        version: m.version,
    };
    let Some((verb, rest)) = args.split_first() else {
        return err(
            "/chouette create|join|leave|start|roll|move|moves|double|take|drop|beaver|suggest|board|standings",
        );
    };
    let one = |rest: &[&str]| -> Result<Option<String>, ParseError> {
        match rest {
            [] => Ok(None),
            [who] => Ok(Some((*who).to_string())),
            _ => err("name one player"),
        }
    };
    let op = match *verb {
        "create" => {
            let mut spec = ChouetteSpec::default();
            for o in rest {
                match o.split_once(':') {
                    Some(("cubes", "multiple")) => spec.rules.multiple_cubes = true,
                    Some(("cubes", "single")) => spec.rules.multiple_cubes = false,
                    Some(("consult", "free")) => spec.rules.consultation = Consultation::Free,
                    Some(("consult", "none")) => spec.rules.consultation = Consultation::None,
                    Some(("consult", "after-cube")) => {
                        spec.rules.consultation = Consultation::AfterCube;
                    }
                    Some(("order", "shuffled")) => spec.shuffle = true,
                    Some(("order", "joined")) => spec.shuffle = false,
                    Some(("jacoby", v)) => spec.rules.jacoby = on_off("jacoby", v)?,
                    Some(("beavers", v)) => spec.rules.beavers = on_off("beavers", v)?,
                    Some(("stake", v)) => spec.stake = amount(v)?.minor(),
                    _ => {
                        return err(format!(
                            "`{}`: /chouette create [cubes:multiple|single] [consult:free|none|after-cube] [order:shuffled|joined] [jacoby:on|off] [beavers:on|off] [stake:1.00]",
                            excerpt(o)
                        ));
                    }
                }
            }
            ChouetteOp::Create(spec)
        }
        "join" => ChouetteOp::Join,
        "leave" => ChouetteOp::Leave,
        "start" => ChouetteOp::Start,
        "roll" => ChouetteOp::Roll,
        "board" => ChouetteOp::Board,
        "standings" => ChouetteOp::Standings,
        "moves" => ChouetteOp::Moves,
        "move" if !rest.is_empty() => ChouetteOp::Move(rest.join(" ")),
        "move" => return err("which play? e.g. /chouette move 13/7 8/7"),
        "double" => ChouetteOp::Double(rest.iter().map(|s| (*s).to_string()).collect()),
        "take" => ChouetteOp::Take(one(rest)?),
        "drop" => ChouetteOp::Drop(one(rest)?),
        "beaver" => ChouetteOp::Beaver(one(rest)?),
        "suggest" if !rest.is_empty() => ChouetteOp::Suggest(rest.join(" ")),
        "suggest" => return err("suggest which play? e.g. /chouette suggest 13/7 8/7"),
        other => {
            return err(format!(
                "unknown /chouette {}; /help lists them",
                excerpt(other)
            ));
        }
    };
    Ok(Command::Chouette(r, op))
}
