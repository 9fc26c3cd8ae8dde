// A lazily loaded helper's interface (LazyBase).
import vif.Packet;

public interface PacketCheck {
    boolean ok(Packet p);
}
