// Event listeners as anonymous classes registered in lists; ordering, removal during dispatch (copy), counting.
import java.util.ArrayList;
import java.util.List;

public class ObserverPattern {
    interface Listener { void onEvent(String topic, int value); }
    static final class Bus {
        private final List<Listener> listeners = new ArrayList<Listener>();
        void subscribe(Listener l) { listeners.add(l); }
        void unsubscribe(Listener l) { listeners.remove(l); }
        void publish(String topic, int value) {
            for (Listener l : new ArrayList<Listener>(listeners)) l.onEvent(topic, value);
        }
    }
    public static void main(String[] args) {
        final Bus bus = new Bus();
        final StringBuilder log = new StringBuilder();
        final int[] sum = {0};
        bus.subscribe(new Listener() {
            public void onEvent(String t, int v) { log.append("A:").append(t).append('=').append(v).append(' '); }
        });
        bus.subscribe(new Listener() {
            public void onEvent(String t, int v) { sum[0] += v; }
        });
        bus.subscribe(new Listener() {
            int seen;
            public void onEvent(String t, int v) {
                seen++;
                log.append("C#").append(seen).append(' ');
                if (seen == 2) bus.unsubscribe(this);
            }
        });
        bus.publish("rx", 10);
        bus.publish("tx", 20);
        bus.publish("drop", 3);
        System.out.println(log.toString().trim());
        System.out.println("sum " + sum[0]);
        for (int i = 0; i < 100000; i++) bus.publish("n", i & 3);
        System.out.println("sum " + sum[0] + " log length " + log.length());
    }
}
