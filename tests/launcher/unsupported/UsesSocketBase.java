// The main class exists; its superclass is one vifvm's library lacks
// (tests/launcher/run.sh: the message must not be "Could not find or load
// main class UsesSocketBase").
public class UsesSocketBase extends java.net.Socket {
    public static void main(String[] args) {
        System.out.println("started");
    }
}
